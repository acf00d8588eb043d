DROP INDEX "lot_exits_lot_idx";--> statement-breakpoint
DROP INDEX "orders_account_status_idx";--> statement-breakpoint
CREATE INDEX "lot_exits_lot_order_idx" ON "lot_exits" USING btree ("lot_id","exited_at","id");--> statement-breakpoint
CREATE INDEX "lot_exits_account_id_idx" ON "lot_exits" USING btree ("account","id");--> statement-breakpoint
CREATE INDEX "lots_account_side_product_opened_idx" ON "lots" USING btree ("account","side","product","opened_at");--> statement-breakpoint
CREATE INDEX "orders_account_status_placed_idx" ON "orders" USING btree ("account","status","placed_at");