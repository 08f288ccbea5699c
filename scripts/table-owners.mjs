// One owner per table (docs/architecture.md, "Who owns which table"): only the owning folder's code
// writes the table; other modules call the owner's service. Checked by check-architecture.mjs.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Table -> the folder of api/src that owns it (`modules/<name>`, or `database` for the bookkeeping tables). */
export const TABLE_OWNERS = {
  // The entity sits in users (read everywhere); its repository and services are auth's.
  app_user: 'modules/auth',
  user_session: 'modules/auth',
  organization: 'modules/organizations',
  organization_member: 'modules/organizations',
  organization_invitation: 'modules/organizations',
  call: 'modules/calls',
  // The entity sits in steps (steps read it); call types are created and edited by the calls module.
  call_type: 'modules/calls',
  step: 'modules/steps',
  step_type: 'modules/steps',
  call_submission: 'modules/submissions',
  step_result: 'modules/submissions',
  submission_event: 'modules/submissions',
  submission_impact: 'modules/submissions',
  attachment: 'modules/files',
  attachment_type: 'modules/files',
  message: 'modules/messages',
  message_batch: 'modules/messages',
  message_template: 'modules/messages',
  call_message_settings: 'modules/messages',
  configuration: 'modules/config',
  survey_type: 'modules/surveys',
  sdg: 'modules/impact',
  impact_framework: 'modules/impact',
  impact_outcome: 'modules/impact',
  impact_indicator: 'modules/impact',
  impact_proxy: 'modules/impact',
  impact_stakeholder: 'modules/impact',
  rate_limit_counter: 'modules/limits',
  dev_oidc_record: 'modules/dev-oidc',
  review_settings: 'modules/reviews',
  review_phase: 'modules/reviews',
  review_criterion: 'modules/reviews',
  call_reviewer: 'modules/reviews',
  review: 'modules/reviews',
  review_conflict: 'modules/reviews',
  review_decision: 'modules/reviews',
  review_event: 'modules/reviews',
  review_summary: 'modules/reviews',
  audit_event: 'modules/audit',
  consent_record: 'modules/privacy',
  consent_text: 'modules/privacy',
  data_version: 'database',
  typeorm_metadata: 'database',
};

/**
 * Writes to another folder's table that are allowed, each with its reason: `file` (from the
 * repository root) may write `table`. Keep this list short; prefer calling the owner's service.
 */
export const WRITE_EXCEPTIONS = [
  // None: the development provider's accounts, the demo users and the language of a user's
  // messages are written by auth's UserService; a submission's files (and a call's replaced
  // custom file) by files' AttachmentsService, in the caller's transaction.
];

const SRC = 'api/src';
const WRITE_METHODS = 'save|insert|update|delete|remove|upsert|increment|decrement|softDelete|restore|clear';

function tsFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'migrations' ? [] : tsFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.spec.ts') ? [path] : [];
  });
}

const folderOf = (path) => /^api\/src\/(modules\/[^/]+|[^/]+)\//.exec(path)?.[1];
const lineAt = (text, index) => text.slice(0, index).split('\n').length;

/** The tables the migrations create: each must have an owner. */
function migratedTables() {
  const tables = new Set(['typeorm_metadata']);
  const dir = join(SRC, 'database/migrations');
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(dir, f))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/CREATE (?:UNLOGGED )?TABLE (?:IF NOT EXISTS )?"?([a-z_][a-z0-9_]*)"?/g)) tables.add(m[1]);
  }
  return tables;
}

/** `@Entity('table') ... export class Name`: entity class -> table. */
function entityTables(files) {
  const map = new Map();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/@Entity\('([a-z_][a-z0-9_]*)'\)[\s\S]*?export class (\w+)/g)) map.set(m[2], m[1]);
  }
  return map;
}

/** Every write of a table by a folder that does not own it, one line each (empty: none). */
export function tableOwnerViolations() {
  const problems = [];
  for (const table of migratedTables()) {
    if (!TABLE_OWNERS[table]) problems.push(`table-owner: table ${table} (migrations) has no owner in scripts/table-owners.mjs`);
  }
  const files = tsFiles(SRC).map((f) => relative('.', f));
  const entities = entityTables(files);
  const allowed = new Set(WRITE_EXCEPTIONS.map((e) => `${e.file} ${e.table}`));
  for (const file of files) {
    const folder = folderOf(file);
    if (!folder) continue;
    const text = readFileSync(file, 'utf8');
    const writes = [];
    // SQL text: the keywords upper case, the table lower case (as every query here is written).
    for (const m of text.matchAll(/\b(?:INSERT INTO|UPDATE|DELETE FROM)\s+"?([a-z_][a-z0-9_]*)"?/g)) writes.push([m[1], m.index]);
    // TypeORM: manager.save(XEntity, ...), getRepository(XEntity).save(...), insert().into(XEntity).
    const entityWrite = new RegExp(
      `\\.(?:${WRITE_METHODS})\\(\\s*(\\w+)\\b|getRepository\\((\\w+)\\)\\s*\\.(?:${WRITE_METHODS})\\(|\\.into\\((\\w+)\\)`,
      'g',
    );
    for (const m of text.matchAll(entityWrite)) {
      const table = entities.get(m[1] ?? m[2] ?? m[3]);
      if (table) writes.push([table, m.index]);
    }
    // A repository injected for an entity, then written: this.<field>.save(...).
    for (const inj of text.matchAll(/@InjectRepository\((\w+)\)\s*(?:(?:private|protected|public|readonly)\s+)*(\w+)/g)) {
      const table = entities.get(inj[1]);
      if (!table) continue;
      for (const m of text.matchAll(new RegExp(`this\\.${inj[2]}\\.(?:${WRITE_METHODS})\\(`, 'g'))) writes.push([table, m.index]);
    }
    for (const [table, index] of writes) {
      const owner = TABLE_OWNERS[table];
      if (!owner || owner === folder || allowed.has(`${file} ${table}`)) continue;
      problems.push(`table-owner: ${file}:${lineAt(text, index)} writes ${table}, owned by ${owner}`);
    }
  }
  return [...new Set(problems)];
}
