-- Runs once, when the postgres container initialises an empty data volume
-- (mounted into /docker-entrypoint-initdb.d by docker-compose.yml, executed by psql as the
-- POSTGRES_USER superuser).
--
-- The compose file sets POSTGRES_DB=tuerca, which already creates the database; this keeps the
-- stack working when POSTGRES_DB is left at the image default (`postgres`). PostgreSQL has no
-- CREATE DATABASE IF NOT EXISTS, hence the SELECT ... \gexec.
--
-- Schemas (one per context), tables and extensions are the migrations' job
-- (`node services/app/dist/cli/migrate.js`, the compose `migrate` service), not this file's.

SELECT 'CREATE DATABASE tuerca'
WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = 'tuerca')\gexec
