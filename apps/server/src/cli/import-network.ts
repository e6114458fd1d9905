/**
 * npm run import:network -- file.csv
 *
 * Imports network organizations from a CRM account export (name, address, city, type, attributes, account stage,
 * website, longitude, latitude; see modules/network/network.csv.ts for the header names it knows) into the database
 * of the environment (DATABASE_URL, else the PGlite folder DATA_DIR, default ./data) and prints which rows were
 * accepted and which were rejected, and why. Stop the server first when it uses the same PGlite folder.
 * Exit code: 0 every row accepted, 2 some rows rejected (the others are saved), 1 nothing imported.
 */
import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase } from '../db/connection.js';
import { migrate } from '../db/migrate.js';
import { CsvFileError } from '../modules/network/network.csv.js';
import { formatImportReport, importNetworkCsv } from '../modules/network/network.import.js';

const USAGE = 'Usage: npm run import:network -- file.csv';

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env, log = console.log): Promise<number> {
  const files = argv.filter((a) => a !== '--');
  if (files.length !== 1 || files[0].startsWith('-')) {
    log(USAGE);
    return 1;
  }
  // npm runs the script in apps/server; paths are relative to the folder npm was started in.
  const base = env.INIT_CWD ?? process.cwd();
  const path = resolve(base, files[0]);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    log(`Cannot read ${path}: ${(error as Error).message}`);
    return 1;
  }
  const databaseUrl = env.DATABASE_URL || undefined;
  const dataDir = resolve(base, env.DATA_DIR || './data');
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  try {
    await migrate(database);
    const report = await importNetworkCsv(database.db, text, { file: basename(path), productName: env.PRODUCT_NAME || 'OpenRescue' });
    log(formatImportReport(report));
    return report.rejected.length ? 2 : 0;
  } catch (error) {
    if (!(error instanceof CsvFileError)) throw error;
    log(`${basename(path)}: nothing imported. ${error.message}`);
    return 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => { process.exitCode = code; },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
