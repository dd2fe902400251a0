import { lt } from 'drizzle-orm';
import type { Db } from '../../store/db.ts';
import { clientLogs, type ClientLogRow } from '../../store/schema.ts';

/** The client_logs table (migrations/0011_client_logs.sql); queries only. */
export type NewClientLog = Omit<ClientLogRow, 'id' | 'createdAt'>;

export async function insertClientLog(db: Db, row: NewClientLog): Promise<number> {
  const [inserted] = await db.insert(clientLogs).values(row).returning({ id: clientLogs.id });
  return inserted!.id;
}

export async function deleteClientLogsBefore(db: Db, before: Date): Promise<void> {
  await db.delete(clientLogs).where(lt(clientLogs.createdAt, before));
}
