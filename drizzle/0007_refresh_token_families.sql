-- Refresh tokens now name their family (64 characters): those made before (43) can no longer be presented, so
-- their logins end here and their rows, live or spent, go.
DELETE FROM "refresh_tokens";--> statement-breakpoint
ALTER TABLE "refresh_tokens" DROP COLUMN "spent_at";
