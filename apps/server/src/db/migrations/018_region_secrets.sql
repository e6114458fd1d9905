-- Region secrets (issue 32 item 12, decision 0040). A region's secret is the credential in its public map's address
-- (/public/network/{region}/{secret}). A new region gets a random one by default: two random UUIDs' 244 random bits
-- as 64 hex digits (gen_random_uuid draws from a cryptographic random source, in PostgreSQL and in PGlite). A secret
-- is 16 to 200 characters (the public calls take up to 200), except 'demo', the demo data's documented address.
-- A shorter one (010 allowed 4) is replaced by a random one here: that region's public address changes, and staff
-- find the new one on the ops map.
update region set secret = replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')
  where length(secret) < 16 and secret <> 'demo';
alter table region alter column secret set default replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
alter table region drop constraint region_secret_check;
alter table region add constraint region_secret_check check (length(secret) between 16 and 200 or secret = 'demo');
