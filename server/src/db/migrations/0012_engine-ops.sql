CREATE TABLE "storage_probe" (
	"id" integer PRIMARY KEY NOT NULL,
	"written_at" timestamp with time zone NOT NULL,
	"filler" text NOT NULL
);
