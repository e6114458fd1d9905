-- Rebuilding the report rollups from donation (apps/server/src/modules/reports/rollups.md), and the indexes
-- GET /ops-api/table_metrics reads last-change times through. Plain PostgreSQL 15 / PGlite.

-- Rebuilds the three company-level rollups for the months from p_from to p_to (null = unbounded) from donation.
create function refresh_donation_company_rollups(p_from date default null, p_to date default null) returns integer
language plpgsql as $$
declare
  from_month date := date_trunc('month', p_from::timestamp)::date;
  to_month date := date_trunc('month', p_to::timestamp)::date;
  n integer;
begin
  delete from donation_daily
  where (from_month is null or day >= from_month) and (to_month is null or day < to_month + interval '1 month');
  delete from donation_monthly_company
  where (from_month is null or month >= from_month) and (to_month is null or month <= to_month);
  insert into donation_daily (day, company_id, department_id, destination_id, weight_kg, meals_provided,
    food_rescued_kg, co2_emissions_kg, money_saved, donation_count)
  select (d.entry_time at time zone 'America/Vancouver')::date, d.company_id, d.department_id, d.destination_id,
    sum(d.weight_kg), sum(d.meals_provided), sum(d.food_rescued_kg), sum(d.co2_emissions_kg), sum(d.money_saved),
    count(*)
  from donation d
  where (from_month is null or d.entry_time >= (from_month::timestamp at time zone 'America/Vancouver'))
    and (to_month is null
      or d.entry_time < ((to_month + interval '1 month')::timestamp at time zone 'America/Vancouver'))
  group by 1, 2, 3, 4;
  get diagnostics n = row_count;
  -- Weeks that overlap the months are rebuilt whole, from donation_daily (intact outside the months).
  delete from donation_weekly
  where (from_month is null or week >= date_trunc('week', from_month::timestamp)::date)
    and (to_month is null or week < to_month + interval '1 month');
  insert into donation_weekly (week, company_id, department_id, destination_id, weight_kg, meals_provided,
    food_rescued_kg, co2_emissions_kg, money_saved, donation_count)
  select date_trunc('week', day::timestamp)::date, company_id, department_id, destination_id, sum(weight_kg),
    sum(meals_provided), sum(food_rescued_kg), sum(co2_emissions_kg), sum(money_saved), sum(donation_count)
  from donation_daily
  where (from_month is null or day >= date_trunc('week', from_month::timestamp)::date)
    and (to_month is null or date_trunc('week', day::timestamp) < to_month + interval '1 month')
  group by 1, 2, 3, 4;
  insert into donation_monthly_company (month, company_id, department_id, destination_id, weight_kg,
    meals_provided, food_rescued_kg, co2_emissions_kg, money_saved, donation_count)
  select date_trunc('month', day::timestamp)::date, company_id, department_id, destination_id, sum(weight_kg),
    sum(meals_provided), sum(food_rescued_kg), sum(co2_emissions_kg), sum(money_saved), sum(donation_count)
  from donation_daily
  where (from_month is null or day >= from_month) and (to_month is null or day < to_month + interval '1 month')
  group by 1, 2, 3, 4;
  return n;
end
$$;

-- Same signature and result as in 002 (the demo seed and the preloadDonation flow call it), now rebuilding every
-- rollup for the months: donation_monthly as before, then the company-level ones. Returns donation_monthly rows.
create or replace function refresh_donation_monthly(p_from date default null, p_to date default null) returns integer
language plpgsql as $$
declare
  from_month date := date_trunc('month', p_from::timestamp)::date;
  to_month date := date_trunc('month', p_to::timestamp)::date;
  n integer;
begin
  -- Writers wait while the rollups are rebuilt, so no trigger adds to a group the rebuild is about to replace.
  lock table donation in share mode;
  delete from donation_monthly
  where (from_month is null or month >= from_month) and (to_month is null or month <= to_month);
  insert into donation_monthly (month, company_id, store_id, receiver_id, department_id, destination_id,
    weight_kg, meals_provided, food_rescued_kg, co2_emissions_kg, money_saved, donation_count)
  select date_trunc('month', d.entry_time at time zone 'America/Vancouver')::date,
    d.company_id, d.store_id, d.receiver_id, d.department_id, d.destination_id,
    sum(d.weight_kg), sum(d.meals_provided), sum(d.food_rescued_kg), sum(d.co2_emissions_kg), sum(d.money_saved),
    count(*)
  from donation d
  where (from_month is null or d.entry_time >= (from_month::timestamp at time zone 'America/Vancouver'))
    and (to_month is null
      or d.entry_time < ((to_month + interval '1 month')::timestamp at time zone 'America/Vancouver'))
  group by 1, 2, 3, 4, 5, 6;
  get diagnostics n = row_count;
  perform refresh_donation_company_rollups(from_month, to_month);
  return n;
end
$$;

-- Rebuilds every rollup for the months from p_from to p_to (null = unbounded); returns donation_monthly rows.
create function refresh_rollups(p_from date default null, p_to date default null) returns integer
language sql as $$
  select refresh_donation_monthly(p_from, p_to)
$$;

-- table_metrics (GET /ops-api/table_metrics): last-change times read through an index.
create index publish_file_file_change_time_idx on publish_file (file_change_time) where file_change_time is not null;
create index transcript_updated_at_idx on transcript (updated_at);
create index network_organization_updated_at_idx on network_organization (updated_at);
