-- The payment sandbox's and the built-in issuer's tables now come from migration chains of their
-- own (drizzle-embedded/), applied only by a process that runs them. Databases made before kept
-- them from 0001 and 0009: drop them where they hold nothing (a production database, or an
-- embedded one that never used them: its chains create them again). Where they hold data, they
-- stay, and the chains' CREATE … IF NOT EXISTS adopts them.
DO $$
BEGIN
  IF to_regclass('public.oidc_payloads') IS NOT NULL AND NOT EXISTS (SELECT 1 FROM oidc_payloads) THEN
    DROP TABLE oidc_payloads;
  END IF;
  IF to_regclass('public.sandbox_stripe_objects') IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM sandbox_stripe_objects)
    AND NOT EXISTS (SELECT 1 FROM sandbox_stripe_requests) THEN
    DROP TABLE sandbox_stripe_requests;
    DROP TABLE sandbox_stripe_objects;
  END IF;
END $$;
