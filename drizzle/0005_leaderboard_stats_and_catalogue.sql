-- The achievement catalogue (DECISIONS.md "Achievements"). Names and texts can be edited later by
-- a migration; awarding looks achievements up by type.
INSERT INTO "achievements" ("achievement_type", "name", "description", "category", "icon", "sort_order") VALUES
  ('first_birdie', 'First Birdie', 'Record your first birdie', 'milestone', 'bird', 1),
  ('milestone_birdie', 'Birdie Machine', 'Record 10 birdies or better', 'milestone', 'target', 2),
  ('halfway', 'Halfway There', 'Birdie 9 different holes in one challenge', 'milestone', 'flag', 3),
  ('complete_set', 'Complete Set', 'Birdie all 18 holes in one challenge', 'milestone', 'trophy', 4),
  ('dual_birdie', 'Back-to-Back', 'Birdie two consecutive holes in one round', 'specialty', 'zap', 5),
  ('triple_threat', 'Triple Threat', 'Birdie three consecutive holes in one round', 'specialty', 'flame', 6),
  ('weekend_warrior', 'Weekend Warrior', 'Record a birdie played on a Saturday or Sunday', 'specialty', 'calendar', 7),
  ('early_bird', 'Early Bird', 'Be the first player in a challenge to record a birdie', 'specialty', 'sunrise', 8),
  ('weather_warrior', 'Weather Warrior', 'Record a birdie played in December, January or February', 'specialty', 'snowflake', 9)
ON CONFLICT ("achievement_type") DO NOTHING;
--> statement-breakpoint
-- Adds (sign = 1) or removes (sign = -1) one counted record's points in every period it falls in.
CREATE OR REPLACE FUNCTION birdie_stats_apply(p_user integer, p_date date, p_score smallint, p_sign integer) RETURNS void AS $$
DECLARE
  is_eagle boolean := p_score <= 2;
BEGIN
  INSERT INTO user_period_stats AS s (period, user_id, points, birdies, eagles)
  SELECT k, p_user,
         (CASE WHEN is_eagle THEN 3 ELSE 1 END) * p_sign,
         (CASE WHEN is_eagle THEN 0 ELSE 1 END) * p_sign,
         (CASE WHEN is_eagle THEN 1 ELSE 0 END) * p_sign
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
--> statement-breakpoint
-- Every path that changes records (the service, a removed player, a deleted challenge's cascade)
-- keeps the period totals right, because the database itself does the bookkeeping.
CREATE OR REPLACE FUNCTION birdie_records_stats() RETURNS trigger AS $$
BEGIN
  IF (TG_OP = 'DELETE' OR TG_OP = 'UPDATE') AND OLD.counted THEN
    PERFORM birdie_stats_apply(OLD.user_id, OLD.date_played, OLD.score, -1);
  END IF;
  IF (TG_OP = 'INSERT' OR TG_OP = 'UPDATE') AND NEW.counted THEN
    PERFORM birdie_stats_apply(NEW.user_id, NEW.date_played, NEW.score, 1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER birdie_records_stats_trigger
AFTER INSERT OR DELETE OR UPDATE OF counted, score, date_played, user_id ON birdie_records
FOR EACH ROW EXECUTE FUNCTION birdie_records_stats();
--> statement-breakpoint
-- Records written before this migration.
INSERT INTO user_period_stats (period, user_id, points, birdies, eagles)
SELECT k.period, r.user_id,
       sum(CASE WHEN r.score <= 2 THEN 3 ELSE 1 END),
       sum(CASE WHEN r.score <= 2 THEN 0 ELSE 1 END),
       sum(CASE WHEN r.score <= 2 THEN 1 ELSE 0 END)
FROM birdie_records r
CROSS JOIN LATERAL unnest(ARRAY[
  'all',
  'y:' || to_char(r.date_played, 'YYYY'),
  'm:' || to_char(r.date_played, 'YYYY-MM'),
  'w:' || to_char(date_trunc('week', r.date_played)::date, 'YYYY-MM-DD'),
  'd:' || to_char(r.date_played, 'YYYY-MM-DD')
]) AS k(period)
WHERE r.counted
GROUP BY k.period, r.user_id
ON CONFLICT (period, user_id) DO NOTHING;
