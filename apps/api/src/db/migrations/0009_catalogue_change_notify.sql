-- docs/performance.md: answers cached in process (lib/answer-cache.ts) are dropped when the
-- catalogue changes. Every statement that changes the listed tables sends one notification on the
-- 'catalogue_changed' channel at commit (NOTIFY folds repeats within a transaction); every server
-- instance listens.
CREATE OR REPLACE FUNCTION notify_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER offer_index_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON offer_index FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER merchants_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON merchants FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER locations_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON locations FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER categories_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER places_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON places FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
