-- Refresh tokens now name their family (64 characters): those made before (43) can no longer be presented, so
-- their logins end here and their rows, live or spent, go. spent_at stays until instances of the release before
-- (which write it) are gone.
DELETE FROM "refresh_tokens";
