-- The position that went with each emergency, sealed under the message's data key (decision 008):
-- the message's own position is overwritten by the next press. Rows from before keep nulls; their
-- mail and access page use the message's position only while it is still the one captured then.
ALTER TABLE "emergency_triggers" ADD COLUMN "location_latitude" text;--> statement-breakpoint
ALTER TABLE "emergency_triggers" ADD COLUMN "location_longitude" text;--> statement-breakpoint
ALTER TABLE "emergency_triggers" ADD COLUMN "location_name" text;--> statement-breakpoint
ALTER TABLE "emergency_triggers" ADD COLUMN "location_accuracy" text;