/**
 * The hosted web GIS (server/webgis): the data centers an instance may run in (seeded)
 * and the instances, one per user. Imports `users` from identity-schema.ts only.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { locales } from '../../contract/countries.ts';
import { planIds } from '../../contract/profile.ts';
import { webgisStates, webgisTransitions } from '../../contract/webgis-states.ts';
import { oneOf, sqlList, timestamptz } from './columns.ts';
import { userRef } from './identity-schema.ts';

/** Data centers (section 3's server locations): seed data, names in both locales. */
export const webgisLocations = pgTable(
  'webgis_locations',
  {
    id: text('id').primaryKey(),
    nameEn: text('name_en').notNull(),
    nameRu: text('name_ru').notNull(),
    position: integer('position').notNull(),
    /**
     * Sandbox locations try the unhappy paths (outside production only): `fail` makes
     * creation fail, `overrun` makes it outlast the SPA's 60-second poll.
     */
    sandbox: text('sandbox'),
  },
  (t) => [check('webgis_locations_sandbox_known', sql`${t.sandbox} in ('fail', 'overrun')`)],
);
export type WebgisLocationRow = typeof webgisLocations.$inferSelect;

/** The states of section 3, and the changes under way among them, as SQL lists. */
const STATES = sqlList(webgisStates);
const TRANSITIONS = sqlList(webgisTransitions);

export const webgisInstances = pgTable(
  'webgis_instances',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** One instance per user: a second create is refused (an errored one is replaced). */
    userId: userRef().notNull().unique('webgis_instances_one_per_user'),
    /** Lower-case, section 5's rule; unique across all instances. */
    subdomain: text('subdomain').notNull(),
    locationId: text('location_id')
      .notNull()
      .references(() => webgisLocations.id),
    /** The instance's interface language (en, ru). */
    language: text('language', { enum: locales }).notNull(),
    state: text('state', { enum: webgisStates }).notNull(),
    /** The change under way, null when none. */
    stateTransition: text('state_transition', { enum: webgisTransitions }),
    /** Where the instance answers, as its provisioner said at creation. */
    url: text('url').notNull(),
    urlOauth: text('url_oauth').notNull(),
    /** Usage as last reported by the instance, held against the plan's limits (section 9). */
    storageBytes: bigint('storage_bytes', { mode: 'number' }).notNull().default(0),
    mapsAndLayers: integer('maps_and_layers').notNull().default(0),
    privateResources: integer('private_resources').notNull().default(0),
    /** The plan the instance was last held against; the plan check looks again when it differs. */
    checkedPlan: text('checked_plan', { enum: planIds }),
    /** When the "your web GIS is ready" mail went out (at least once). */
    readyMailedAt: timestamptz('ready_mailed_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webgis_instances_subdomain_key').on(t.subdomain),
    index('webgis_instances_state_idx').on(t.state),
    check('webgis_instances_subdomain_lower', sql`${t.subdomain} = lower(${t.subdomain})`),
    check('webgis_instances_state_known', sql.raw(`state in (${STATES})`)),
    check(
      'webgis_instances_transition_known',
      sql.raw(`state_transition is null or state_transition in (${TRANSITIONS})`),
    ),
    check('webgis_instances_language_known', oneOf(t.language, locales)),
    check('webgis_instances_checked_plan_known', oneOf(t.checkedPlan, planIds)),
  ],
);
export type WebgisInstance = typeof webgisInstances.$inferSelect;
export type NewWebgisInstance = typeof webgisInstances.$inferInsert;
