import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The portfolio dashboard (issue 18) reads what each miniDyi answer aims at from a narrow
 * table kept by PostgreSQL itself: a trigger on `step_result` writes one `submission_impact`
 * row per miniDyi result (its SDGs, framework outcomes and indicators, custom outcomes and
 * budget) whoever writes the answer, so a call's dashboard never parses 100,000 JSON
 * documents. Survey and quiz saves (the autosave at the deadline) do not fire it (the
 * trigger's WHEN looks for the miniDyi document's `selectedOutcomes`).
 */
export class DashboardImpactFacts1795600000000 implements MigrationInterface {
  name = 'DashboardImpactFacts1795600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "submission_impact" (
      "result_id" uuid NOT NULL,
      "submission_id" uuid NOT NULL,
      "sdgs" smallint array NOT NULL DEFAULT '{}',
      "outcome_ids" text array NOT NULL DEFAULT '{}',
      "indicator_ids" text array NOT NULL DEFAULT '{}',
      "custom_outcomes" integer NOT NULL DEFAULT 0,
      "budget" double precision,
      CONSTRAINT "PK_submission_impact" PRIMARY KEY ("result_id"),
      CONSTRAINT "FK_submission_impact_result" FOREIGN KEY ("result_id") REFERENCES "step_result"("id") ON DELETE CASCADE
    )`);
    await queryRunner.query(`CREATE INDEX "submission_impact_submission_idx" ON "submission_impact" ("submission_id")`);
    // What a miniDyi document aims at; never fails (a malformed value is left out), so no save is refused because of it.
    await queryRunner.query(`CREATE FUNCTION ic_impact_facts(content jsonb, OUT sdgs smallint[], OUT outcome_ids text[], OUT indicator_ids text[],
        OUT custom_outcomes integer, OUT budget double precision) LANGUAGE sql IMMUTABLE AS $$
      SELECT COALESCE((SELECT array_agg(DISTINCT v::smallint ORDER BY v::smallint) FROM (
                SELECT (x #>> '{}')::numeric AS v FROM jsonb_path_query(content, 'lax $.sdg[*] ? (@.type() == "number" && @ >= 1 && @ <= 17)') x
                UNION ALL
                SELECT (x #>> '{}')::numeric FROM jsonb_path_query(content, 'lax $.selectedOutcomes[*].sdg ? (@.type() == "number" && @ >= 1 && @ <= 17)') x
              ) s WHERE v = trunc(v)), '{}'),
             COALESCE((SELECT array_agg(DISTINCT x #>> '{}') FROM jsonb_path_query(content, 'lax $.selectedOutcomes[*].outcomeId ? (@.type() == "string")') x), '{}'),
             COALESCE((SELECT array_agg(DISTINCT x #>> '{}') FROM jsonb_path_query(content, 'lax $.selectedOutcomes[*].indicators[*].indicatorId ? (@.type() == "string")') x), '{}'),
             (SELECT count(*)::int FROM jsonb_path_query(content, 'lax $.selectedOutcomes[*] ? (!(exists(@.outcomeId ? (@.type() == "string"))))')),
             (SELECT (x #>> '{}')::double precision FROM jsonb_path_query(content, 'lax $.budget ? (@.type() == "number" && @ >= 0 && @ < 1e15)') x LIMIT 1)
    $$`);
    await queryRunner.query(`CREATE FUNCTION ic_impact_facts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM step st JOIN step_type t ON t.id = st.step_type_id WHERE st.id = NEW.step_id AND t.name = 'miniDyi') THEN
          RETURN NULL;
        END IF;
        INSERT INTO submission_impact (result_id, submission_id, sdgs, outcome_ids, indicator_ids, custom_outcomes, budget)
          SELECT NEW.id, NEW.submission_id, f.* FROM ic_impact_facts(NEW.content) f
          ON CONFLICT (result_id) DO UPDATE SET sdgs = EXCLUDED.sdgs, outcome_ids = EXCLUDED.outcome_ids, indicator_ids = EXCLUDED.indicator_ids,
            custom_outcomes = EXCLUDED.custom_outcomes, budget = EXCLUDED.budget;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE TRIGGER step_result_impact_facts AFTER INSERT OR UPDATE OF content ON step_result
      FOR EACH ROW WHEN (NEW.content ? 'selectedOutcomes') EXECUTE FUNCTION ic_impact_facts_changed()`);
    // The answers saved before this migration.
    await queryRunner.query(`INSERT INTO submission_impact (result_id, submission_id, sdgs, outcome_ids, indicator_ids, custom_outcomes, budget)
      SELECT r.id, r.submission_id, f.* FROM step_result r JOIN step st ON st.id = r.step_id JOIN step_type t ON t.id = st.step_type_id AND t.name = 'miniDyi',
             ic_impact_facts(r.content) f WHERE r.content ? 'selectedOutcomes'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER step_result_impact_facts ON step_result');
    await queryRunner.query('DROP FUNCTION ic_impact_facts_changed()');
    await queryRunner.query('DROP FUNCTION ic_impact_facts(jsonb)');
    await queryRunner.query('DROP TABLE "submission_impact"');
  }
}
