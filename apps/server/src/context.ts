import type { Auth } from './auth/auth.js';
import type { TokenVerifier } from './auth/token-verifier.js';
import type { Env } from './config/env.js';
import type { Database } from './db/connection.js';
import type { JobEvents } from './events/job-events.js';
import type { JobRunner } from './jobs/job-runner.js';
import type { FileStore } from './storage/file-store.js';
import { createCompanyUsersRepository } from './modules/company-users/company-users.repository.js';
import { createJobsRepository } from './modules/jobs/jobs.repository.js';
import { createReceiverUsersRepository } from './modules/receiver-users/receiver-users.repository.js';

/** What every module is handed: configuration, the database, the auth library and the repositories. */
export interface AppContext {
  env: Env;
  database: Database;
  auth: Auth;
  verifyToken: TokenVerifier;
  origin: string;
  repos: ReturnType<typeof createRepositories>;
  /** Files kept under the data folder (published documents). */
  files: FileStore;
  /** "A job changed": the live streams listen; on PostgreSQL it reaches the other processes too. */
  jobEvents: JobEvents;
  /** Runs durable jobs (publishing); started by main.ts and the test app (startBackgroundWork). */
  jobRunner: JobRunner;
}

export function createRepositories(database: Database) {
  return {
    companyUsers: createCompanyUsersRepository(database.db),
    jobs: createJobsRepository(database.db),
    receiverUsers: createReceiverUsersRepository(database.db),
  };
}
