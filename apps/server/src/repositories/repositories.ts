import type { Db } from '../db/client.ts';
import { AdminRepository } from './admin.repository.ts';
import { AlertRepository } from './alert.repository.ts';
import { CoinRepository } from './coin.repository.ts';
import { CredentialRepository } from './credential.repository.ts';
import { DatabaseRepository } from './database.repository.ts';
import { PasswordResetRepository } from './password-reset.repository.ts';
import { PlatformRepository } from './platform.repository.ts';
import { RobotJournalRepository } from './robot-journal.repository.ts';
import { RobotRepository } from './robot.repository.ts';
import { SessionRepository } from './session.repository.ts';
import { SimKeyRepository } from './sim-key.repository.ts';
import { ThrottleRepository } from './throttle.repository.ts';
import { TradingLogRepository } from './trading-log.repository.ts';

/** A repository as services see it: its public methods only, so a test can hand a service an in-memory fake. */
export type Port<T> = { [K in keyof T]: T[K] };

/**
 * Every repository, bound to the database or to one transaction. Services take the ones they use
 * (`Pick<Repositories, 'admins' | 'transaction'>`). A new aggregate gets `<area>.repository.ts`: a
 * class built with the Db whose methods say what they mean and answer plain rows; it is listed here
 * and in createRepositories, given an in-memory twin in testing/in-memory-repositories.ts, and
 * checked against it in repositories.test.ts.
 */
export interface Repositories {
  admins: Port<AdminRepository>;
  sessions: Port<SessionRepository>;
  passwordResets: Port<PasswordResetRepository>;
  throttles: Port<ThrottleRepository>;
  platforms: Port<PlatformRepository>;
  coins: Port<CoinRepository>;
  credentials: Port<CredentialRepository>;
  tradingLogs: Port<TradingLogRepository>;
  simKeys: Port<SimKeyRepository>;
  robots: Port<RobotRepository>;
  robotJournal: Port<RobotJournalRepository>;
  alerts: Port<AlertRepository>;
  database: Port<DatabaseRepository>;
  /**
   * A unit of work: `work` gets repositories bound to one transaction, which commits when it
   * resolves and rolls back when it throws, so several writes land together or not at all. Keep slow
   * work (password hashing, venue calls) outside it. Nested calls become savepoints.
   */
  transaction<T>(work: (repos: Repositories) => Promise<T>): Promise<T>;
}

export function createRepositories(db: Db): Repositories {
  return {
    admins: new AdminRepository(db),
    sessions: new SessionRepository(db),
    passwordResets: new PasswordResetRepository(db),
    throttles: new ThrottleRepository(db),
    platforms: new PlatformRepository(db),
    coins: new CoinRepository(db),
    credentials: new CredentialRepository(db),
    tradingLogs: new TradingLogRepository(db),
    simKeys: new SimKeyRepository(db),
    robots: new RobotRepository(db),
    robotJournal: new RobotJournalRepository(db),
    alerts: new AlertRepository(db),
    database: new DatabaseRepository(db),
    transaction: (work) => db.transaction((tx) => work(createRepositories(tx))),
  };
}
