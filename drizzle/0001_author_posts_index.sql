DROP INDEX "posts_author_id_idx";--> statement-breakpoint
CREATE INDEX "posts_author_id_id_idx" ON "posts" USING btree ("author_id","id");