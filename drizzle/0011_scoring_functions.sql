-- The scoring rule in SQL, once (docs/product/rules.md#scoring): a record's score is strokes on a
-- par 4; eagle when 2 or fewer (an ace counts as an eagle), worth 3 points; a birdie is worth 1.
-- src/shared/domain/scoring.ts states the same rule for TypeScript; scoring-functions.test.ts
-- checks the two agree. Plain SQL, IMMUTABLE and PARALLEL SAFE, so the planner inlines them into
-- the queries that call them (the boards, the admin views, the period totals below).
CREATE OR REPLACE FUNCTION is_eagle(score integer) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT score <= 2 $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION record_points(score integer) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN is_eagle(score) THEN 3 ELSE 1 END $$;
--> statement-breakpoint
-- 0005's period bookkeeping, now asking the functions above instead of restating the rule. Same
-- signature, so the trigger function that calls it (birdie_records_stats) is unchanged.
CREATE OR REPLACE FUNCTION birdie_stats_apply(p_user integer, p_date date, p_score smallint, p_sign integer) RETURNS void AS $$
DECLARE
  eagle boolean := is_eagle(p_score);
BEGIN
  INSERT INTO user_period_stats AS s (period, user_id, points, birdies, eagles)
  SELECT k, p_user,
         record_points(p_score) * p_sign,
         (CASE WHEN eagle THEN 0 ELSE 1 END) * p_sign,
         (CASE WHEN eagle THEN 1 ELSE 0 END) * p_sign
  FROM unnest(ARRAY[
    'all',
    'y:' || to_char(p_date, 'YYYY'),
    'm:' || to_char(p_date, 'YYYY-MM'),
    'w:' || to_char(date_trunc('week', p_date)::date, 'YYYY-MM-DD'),
    'd:' || to_char(p_date, 'YYYY-MM-DD')
  ]) AS k
  ON CONFLICT (period, user_id) DO UPDATE
    SET points = s.points + EXCLUDED.points,
        birdies = s.birdies + EXCLUDED.birdies,
        eagles = s.eagles + EXCLUDED.eagles;
END;
$$ LANGUAGE plpgsql;
