import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The portfolio dashboard reads what each submission's miniDyi answers aim at from
 * a narrow table kept by PostgreSQL itself: triggers on `step_result` write one
 * `submission_impact` row per submission (its SDGs, framework outcomes and indicators, custom
 * outcomes and budget, over all its miniDyi steps) whoever writes the answer, so a call's dashboard never parses 100,000 JSON
 * documents. Survey and quiz saves (the autosave at the deadline) do not fire it (the
 * trigger's WHEN looks for the miniDyi document's `selectedOutcomes`).
 */
export class DashboardImpactFacts1795600000000 implements MigrationInterface {
  name = 'DashboardImpactFacts1795600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "submission_impact" (
      "submission_id" uuid NOT NULL,
      "sdgs" smallint array NOT NULL DEFAULT '{}',
      "outcome_ids" text array NOT NULL DEFAULT '{}',
      "indicator_ids" text array NOT NULL DEFAULT '{}',
      "custom_outcomes" integer NOT NULL DEFAULT 0,
      "budget" double precision,
      CONSTRAINT "PK_submission_impact" PRIMARY KEY ("submission_id"),
      CONSTRAINT "FK_submission_impact_submission" FOREIGN KEY ("submission_id") REFERENCES "call_submission"("id") ON DELETE CASCADE
    )`);
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
    // One row per submission, from all its miniDyi answers: an outcome, indicator or SDG once, the budgets summed.
    await queryRunner.query(`CREATE FUNCTION ic_impact_facts_refresh(sid uuid) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM submission_impact WHERE submission_id = sid;
        WITH f AS (
          SELECT x.* FROM step_result r JOIN step st ON st.id = r.step_id JOIN step_type t ON t.id = st.step_type_id AND t.name = 'miniDyi',
                 ic_impact_facts(r.content) x
           WHERE r.submission_id = sid AND r.content ? 'selectedOutcomes'
        )
        INSERT INTO submission_impact (submission_id, sdgs, outcome_ids, indicator_ids, custom_outcomes, budget)
          SELECT sid,
                 COALESCE((SELECT array_agg(DISTINCT v ORDER BY v) FROM f, unnest(f.sdgs) v), '{}'),
                 COALESCE((SELECT array_agg(DISTINCT v) FROM f, unnest(f.outcome_ids) v), '{}'),
                 COALESCE((SELECT array_agg(DISTINCT v) FROM f, unnest(f.indicator_ids) v), '{}'),
                 (SELECT sum(custom_outcomes)::int FROM f),
                 (SELECT sum(budget) FROM f)
           WHERE EXISTS (SELECT 1 FROM f) AND EXISTS (SELECT 1 FROM call_submission s WHERE s.id = sid);
      END $$`);
    await queryRunner.query(`CREATE FUNCTION ic_impact_facts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM ic_impact_facts_refresh(CASE WHEN TG_OP = 'DELETE' THEN OLD.submission_id ELSE NEW.submission_id END);
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE TRIGGER step_result_impact_facts AFTER INSERT OR UPDATE OF content ON step_result
      FOR EACH ROW WHEN (NEW.content ? 'selectedOutcomes') EXECUTE FUNCTION ic_impact_facts_changed()`);
    await queryRunner.query(`CREATE TRIGGER step_result_impact_facts_gone AFTER DELETE ON step_result
      FOR EACH ROW WHEN (OLD.content ? 'selectedOutcomes') EXECUTE FUNCTION ic_impact_facts_changed()`);
    // The answers saved before this migration: set-based for the submissions with one miniDyi answer (nearly all), the function for the others.
    const answers = `step_result r JOIN step st ON st.id = r.step_id JOIN step_type t ON t.id = st.step_type_id AND t.name = 'miniDyi'`;
    await queryRunner.query(`WITH one AS (SELECT r.submission_id FROM ${answers} WHERE r.content ? 'selectedOutcomes' GROUP BY 1 HAVING count(*) = 1)
      INSERT INTO submission_impact (submission_id, sdgs, outcome_ids, indicator_ids, custom_outcomes, budget)
      SELECT r.submission_id, f.* FROM ${answers} CROSS JOIN LATERAL ic_impact_facts(r.content) f
       WHERE r.content ? 'selectedOutcomes' AND r.submission_id IN (SELECT submission_id FROM one)`);
    await queryRunner.query(`SELECT ic_impact_facts_refresh(submission_id)
      FROM (SELECT r.submission_id FROM ${answers} WHERE r.content ? 'selectedOutcomes' GROUP BY 1 HAVING count(*) > 1) s`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER step_result_impact_facts_gone ON step_result');
    await queryRunner.query('DROP TRIGGER step_result_impact_facts ON step_result');
    await queryRunner.query('DROP FUNCTION ic_impact_facts_changed()');
    await queryRunner.query('DROP FUNCTION ic_impact_facts_refresh(uuid)');
    await queryRunner.query('DROP FUNCTION ic_impact_facts(jsonb)');
    await queryRunner.query('DROP TABLE "submission_impact"');
  }
}
