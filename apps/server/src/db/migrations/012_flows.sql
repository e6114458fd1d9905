-- The data flows (DESIGN "Flows", decision 0014): bulk scans -> bulk_scan_qa -> adjusted_scan -> donation.

-- A scanner upload is raw input: its store and receiver ids are checked by loadBulkScanToQa (an unknown one is a
-- problem in the QA table), so the upload table no longer refuses them. POST bulkscan/ validates its own items.
alter table bulk_scan drop constraint if exists bulk_scan_receiver_id_fkey;
alter table bulk_scan drop constraint if exists bulk_scan_store_id_fkey;

-- Weights entered in the console (POST bulkscan/) become donations at once (decision 0007); this names that
-- donation, and the flows never load such a scan. A marker, not a foreign key: `truncate donation` stays possible,
-- and a scan whose donation was removed is still not loaded again.
alter table bulk_scan add column donation_id bigint;
create unique index bulk_scan_donation_id_key on bulk_scan (donation_id) where donation_id is not null;
-- What loadBulkScanToQa looks through: scans that are not console entries, by id.
create index bulk_scan_flow_source_idx on bulk_scan (id) where donation_id is null;

-- Backfill: console entries made before this migration have a donation with source 'bulk' at the same store,
-- receiver, department, entry time and weight. The n-th such scan is paired with the n-th such donation.
with b as (
  select id, row_number() over (partition by store_id, receiver_id, department_id, entry_time, weight_kg order by id) as n,
    store_id, receiver_id, department_id, entry_time, weight_kg
  from bulk_scan where reason_id is null and weight_kg is not null and donation_id is null
),
d as (
  select id, row_number() over (partition by store_id, receiver_id, department_id, entry_time, weight_kg order by id) as n,
    store_id, receiver_id, department_id, entry_time, weight_kg
  from donation where source = 'bulk'
)
update bulk_scan s set donation_id = d.id
from b join d on d.store_id = b.store_id and d.receiver_id = b.receiver_id and d.department_id = b.department_id
  and d.entry_time = b.entry_time and d.weight_kg = b.weight_kg and d.n = b.n
where s.id = b.id;

-- The duplicate check looks for an earlier scan with the same store, receiver, department, entry time and weight.
create index bulk_scan_duplicate_idx on bulk_scan (store_id, receiver_id, entry_time);
-- The outlier check reads a store and department's donation weights.
create index donation_store_department_idx on donation (store_id, department_id);
-- loadBulkScanQaToAdjScan looks through clean weight rows.
create index bulk_scan_qa_clean_weight_idx on bulk_scan_qa (id) where check_status = 'clean' and weight_kg > 0;
