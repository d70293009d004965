-- The contacts search (`search_text LIKE '%term%'`, read through a trigram index) under row-level
-- security: PostgreSQL evaluates a query's own conditions after the policy's unless their
-- operator is LEAKPROOF, and LIKE (textlike) is not marked so: as the app's role the index was
-- never used and every search read all of the organisation's contacts (500,000: half a second).
-- textlike raises no error and gives no other output than its answer for any row value (only a
-- malformed pattern, the caller's own text, can fail), which is what LEAKPROOF asks; marking it
-- needs a superuser (PGlite's role, and the usual owner of the migrations). Under another role
-- the search stays correct, not indexed, and this says so.
DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    ALTER FUNCTION pg_catalog.textlike(text, text) LEAKPROOF;
  ELSE
    RAISE NOTICE 'contacts search: textlike cannot be marked LEAKPROOF by a non-superuser; the search will not use its trigram index under row-level security';
  END IF;
END $$;
