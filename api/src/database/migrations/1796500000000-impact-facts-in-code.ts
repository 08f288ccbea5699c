import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A submission's impact facts (`submission_impact`) are written by the submissions module in the
 * transaction that saves a miniDyi answer (libs/domain `impactFacts`): no trigger on step_result.
 */
export class ImpactFactsInCode1796500000000 implements MigrationInterface {
  name = 'ImpactFactsInCode1796500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER IF EXISTS step_result_impact_facts_gone ON step_result');
    await queryRunner.query('DROP TRIGGER IF EXISTS step_result_impact_facts ON step_result');
    await queryRunner.query('DROP FUNCTION IF EXISTS ic_impact_facts_changed()');
    await queryRunner.query('DROP FUNCTION IF EXISTS ic_impact_facts_refresh(uuid)');
    await queryRunner.query('DROP FUNCTION IF EXISTS ic_impact_facts(jsonb)');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
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
  }
}
