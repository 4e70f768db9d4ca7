-- A queued mail is sealed (docs/decisions/010): its ciphertext does not compress, so PostgreSQL's
-- attempt to compress it before moving it out of the row was spent on every notice for nothing.
-- EXTERNAL keeps it out of line, as before, without that attempt (docs/decisions/012).
ALTER TABLE "deliveries" ALTER COLUMN "sealed_mail" SET STORAGE EXTERNAL;
