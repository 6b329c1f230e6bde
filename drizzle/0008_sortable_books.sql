CREATE INDEX "books_title_index" ON "books" USING btree ("title");--> statement-breakpoint
CREATE INDEX "books_rating_index" ON "books" USING btree ("rating");