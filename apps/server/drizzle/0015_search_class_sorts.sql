-- Class sorts (issue 7): the search reads a stage or status-label sort class by class, each
-- class's contacts in GTID order (modules/search/repo.ts classWalk), instead of ranking every
-- match. A pipeline stage's contacts in GTID order (pipeline_uid last: the walk over one
-- pipeline's stage reads the index alone; a stage filter without a pipeline reads it too, where
-- contact_pipeline_stage_order_idx, led by the pipeline, was skip-scanned); a status label's
-- contacts in GTID order. A deal-value sort reads its contacts' sums in GTID order from one
-- index (no heap), and its class below zero only where the team has a deal below zero (an index
-- of those, empty as a rule).
CREATE INDEX "contact_pipeline_stage_gtid_idx" ON "contact_pipeline" USING btree ("team_uid", "stage_uid", "gtid", "pipeline_uid");--> statement-breakpoint
CREATE INDEX "contact_status_label_idx" ON "contact" USING btree ("team_uid", "status_label_uid", "gtid");--> statement-breakpoint
CREATE INDEX "deal_pipeline_sum_idx" ON "deal" USING btree ("team_uid", "pipeline_uid", "gtid") INCLUDE ("status", "value");--> statement-breakpoint
CREATE INDEX "deal_negative_idx" ON "deal" USING btree ("team_uid") WHERE "value" < 0;
