/**
 * npm run import:network -- [options] file.csv
 *
 * Imports network organizations from a CRM account export into the database of the environment (DATABASE_URL, else
 * the PGlite folder DATA_DIR, default ./data) and prints which rows were accepted and which were rejected, and why;
 * the rejected rows also go to a CSV file (decision 0054). Stop the server first when it uses the same PGlite folder.
 * Exit codes (README, decision 0054): 0 every row accepted; 2 some rows rejected, the others imported; 1 nothing
 * imported (the file was refused, every row was rejected, or the command was wrong).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { rejectionReportCsv } from '@openrescue/shared';
import { openDatabase } from '../db/connection.js';
import { migrate } from '../db/migrate.js';
import { CsvFileError } from '../modules/network/network.csv.js';
import { type ImportReading, importReading, readImportFile } from '../modules/network/network.import.js';
import { formatImportReport } from '../modules/network/network.import-report.js';

export const USAGE = `Usage: npm run import:network -- [options] file.csv
  --type "CRM type=network type"  map a CRM account type, e.g. --type "Customer - Direct=Retail/Grocer" (repeat)
  --header "Column=field"         read a column as a field, e.g. --header "Geo_Lat__c=latitude" (repeat)
  --mapping mapping.json          both at once: {"headers": {"Column": "field"}, "types": {"CRM type": "network type"}}
  --encoding NAME                 read the file as NAME (utf-8, utf-16le, windows-1252, ...) instead of detecting it
  --rejects FILE.csv              where the rejected rows go (default: <file>.rejected.csv in this folder)
Exit codes: 0 every row accepted, 2 some rows rejected (the others imported), 1 nothing imported.`;

export const EXIT = { allAccepted: 0, nothingImported: 1, someRejected: 2 } as const;

function pairs(values: string[] = [], option: string): Record<string, string> {
  return Object.fromEntries(
    values.map((v) => {
      const at = v.lastIndexOf('=');
      if (at <= 0 || at === v.length - 1) throw new CsvFileError(`${option} "${v}" is not of the form "from=to".`);
      return [v.slice(0, at).trim(), v.slice(at + 1).trim()];
    }),
  );
}

function readMapping(path: string | undefined) {
  if (!path) return { headers: {}, types: {} };
  let parsed: { headers?: Record<string, string>; types?: Record<string, string> };
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8')) as typeof parsed;
  } catch (error) {
    throw new CsvFileError(`Cannot read the mapping ${path}: ${(error as Error).message}`);
  }
  return { headers: parsed.headers ?? {}, types: parsed.types ?? {} };
}

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env, log = console.log): Promise<number> {
  let args: ReturnType<typeof parse>;
  const parse = (a: string[]) =>
    parseArgs({
      args: a.filter((x) => x !== '--'),
      allowPositionals: true,
      options: {
        type: { type: 'string', multiple: true },
        header: { type: 'string', multiple: true },
        mapping: { type: 'string' },
        encoding: { type: 'string' },
        rejects: { type: 'string' },
      },
    });
  try {
    args = parse(argv);
  } catch (error) {
    log(`${(error as Error).message}\n${USAGE}`);
    return EXIT.nothingImported;
  }
  if (args.positionals.length !== 1) {
    log(USAGE);
    return EXIT.nothingImported;
  }
  // npm runs the script in apps/server; paths are relative to the folder npm was started in.
  const base = env.INIT_CWD ?? process.cwd();
  const path = resolve(base, args.positionals[0]);
  const file = basename(path);
  const productName = env.PRODUCT_NAME || 'OpenRescue';
  let bytes: Buffer;
  let reading: ImportReading;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    log(`Cannot read ${path}: ${(error as Error).message}`);
    return EXIT.nothingImported;
  }
  try {
    const mapping = readMapping(args.values.mapping && resolve(base, args.values.mapping));
    // The file is read before the database opens: a file that cannot be imported touches nothing.
    reading = readImportFile(bytes, {
      file,
      productName,
      encoding: args.values.encoding,
      headers: { ...mapping.headers, ...pairs(args.values.header, '--header') },
      types: { ...mapping.types, ...pairs(args.values.type, '--type') },
    });
  } catch (error) {
    if (!(error instanceof CsvFileError)) throw error;
    log(`${file}: nothing imported. ${error.message}`);
    return EXIT.nothingImported;
  }
  const databaseUrl = env.DATABASE_URL || undefined;
  const dataDir = resolve(base, env.DATA_DIR || './data');
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  try {
    await migrate(database);
    const report = await importReading(database.db, reading, productName);
    let rejectionFile: string | undefined;
    if (report.rejected.length) {
      rejectionFile = resolve(base, args.values.rejects ?? `${file}.rejected.csv`);
      writeFileSync(rejectionFile, rejectionReportCsv(report.rejected));
    }
    log(formatImportReport(report, rejectionFile));
    if (!report.rejected.length) return EXIT.allAccepted;
    return report.rejected.length === report.rows.length ? EXIT.nothingImported : EXIT.someRejected;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = EXIT.nothingImported;
    },
  );
}
