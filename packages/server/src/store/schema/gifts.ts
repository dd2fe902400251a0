import { bigint, boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { WalletUnit } from '@podium/protocol';

/** Mirrors migrations/0006_gifts.sql (the SQL is the source of truth). */
export const gifts = pgTable('gifts', {
  id: text('id').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameVi: text('name_vi').notNull(),
  image: text('image').notNull(),
  price: bigint('price', { mode: 'number' }).notNull(),
  unit: text('unit').$type<WalletUnit>().notNull(),
  sort: integer('sort').notNull(),
  active: boolean('active').notNull(),
});
export type GiftRow = typeof gifts.$inferSelect;
