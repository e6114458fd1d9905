-- Report rollups (apps/server/src/modules/reports/rollups.md): three company-level rollups beside donation_monthly,
-- and statement-level triggers that keep them and donation_monthly exact on every insert, update, delete and
-- truncate of donation. The rebuild functions are in 006.
-- Plain PostgreSQL that runs on PostgreSQL 15 and PGlite (PostgreSQL 18). Days and months are America/Vancouver.

-- Triggers lower a group's count to 0 before removing the group in the next statement of the same trigger: the
-- count may be 0 for that instant. (ON CONFLICT checks constraints on the proposed row, so subtractions are
-- UPDATEs and additions are upserts; see rollups.md.)
alter table donation_monthly drop constraint donation_monthly_donation_count_check;
alter table donation_monthly add constraint donation_monthly_donation_count_check check (donation_count >= 0);

-- Day x company x department x destination. No store and no receiver: at ~2.7 donations per store per day a
-- store- or receiver-level day rollup keeps most rows; this one keeps at most 21 rows per company and day.
create table donation_daily (
  day date not null,
  company_id integer not null,
  department_id smallint not null,
  destination_id smallint not null,
  weight_kg numeric(16, 3) not null,
  meals_provided numeric(16, 2) not null,
  food_rescued_kg numeric(16, 3) not null,
  co2_emissions_kg numeric(16, 3) not null,
  money_saved numeric(16, 2) not null,
  donation_count integer not null check (donation_count >= 0),
  primary key (company_id, day, department_id, destination_id)
);
create index donation_daily_day_idx on donation_daily (day);

-- Week (Monday) x company x department x destination: a company's three years by week in a few thousand rows.
create table donation_weekly (
  week date not null check (extract(isodow from week) = 1),
  company_id integer not null,
  department_id smallint not null,
  destination_id smallint not null,
  weight_kg numeric(16, 3) not null,
  meals_provided numeric(16, 2) not null,
  food_rescued_kg numeric(16, 3) not null,
  co2_emissions_kg numeric(16, 3) not null,
  money_saved numeric(16, 2) not null,
  donation_count integer not null check (donation_count >= 0),
  primary key (company_id, week, department_id, destination_id)
);
create index donation_weekly_week_idx on donation_weekly (week);

-- Month x company x department x destination: the whole network over five years in a few thousand rows.
create table donation_monthly_company (
  month date not null check (extract(day from month) = 1),
  company_id integer not null,
  department_id smallint not null,
  destination_id smallint not null,
  weight_kg numeric(16, 3) not null,
  meals_provided numeric(16, 2) not null,
  food_rescued_kg numeric(16, 3) not null,
  co2_emissions_kg numeric(16, 3) not null,
  money_saved numeric(16, 2) not null,
  donation_count integer not null check (donation_count >= 0),
  primary key (company_id, month, department_id, destination_id)
);

-- Adds the rows of a transition table to every rollup: one pass, one statement, upserts in key order.
create function donation_rollups_add_sql(src text) returns text language sql immutable as $$
  select format($q$
    with s as materialized (
      select (entry_time at time zone 'America/Vancouver')::date as day, company_id, store_id, receiver_id,
        department_id, destination_id, weight_kg, meals_provided, food_rescued_kg, co2_emissions_kg, money_saved
      from %I
    ),
    m as (
      insert into donation_monthly as r (month, company_id, store_id, receiver_id, department_id, destination_id,
        weight_kg, meals_provided, food_rescued_kg, co2_emissions_kg, money_saved, donation_count)
      select date_trunc('month', day::timestamp)::date, company_id, store_id, receiver_id, department_id,
        destination_id, sum(weight_kg), sum(meals_provided), sum(food_rescued_kg), sum(co2_emissions_kg),
        sum(money_saved), count(*)
      from s group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6
      on conflict (month, company_id, store_id, receiver_id, department_id, destination_id) do update set
        weight_kg = r.weight_kg + excluded.weight_kg, meals_provided = r.meals_provided + excluded.meals_provided,
        food_rescued_kg = r.food_rescued_kg + excluded.food_rescued_kg,
        co2_emissions_kg = r.co2_emissions_kg + excluded.co2_emissions_kg,
        money_saved = r.money_saved + excluded.money_saved, donation_count = r.donation_count + excluded.donation_count
    ),
    d as (
      select day, company_id, department_id, destination_id, sum(weight_kg) as weight_kg,
        sum(meals_provided) as meals_provided, sum(food_rescued_kg) as food_rescued_kg,
        sum(co2_emissions_kg) as co2_emissions_kg, sum(money_saved) as money_saved, count(*) as n
      from s group by 1, 2, 3, 4
    ),
    dd as (
      insert into donation_daily as r (day, company_id, department_id, destination_id, weight_kg, meals_provided,
        food_rescued_kg, co2_emissions_kg, money_saved, donation_count)
      select day, company_id, department_id, destination_id, weight_kg, meals_provided, food_rescued_kg,
        co2_emissions_kg, money_saved, n
      from d order by company_id, day, department_id, destination_id
      on conflict (company_id, day, department_id, destination_id) do update set
        weight_kg = r.weight_kg + excluded.weight_kg, meals_provided = r.meals_provided + excluded.meals_provided,
        food_rescued_kg = r.food_rescued_kg + excluded.food_rescued_kg,
        co2_emissions_kg = r.co2_emissions_kg + excluded.co2_emissions_kg,
        money_saved = r.money_saved + excluded.money_saved, donation_count = r.donation_count + excluded.donation_count
    ),
    w as (
      insert into donation_weekly as r (week, company_id, department_id, destination_id, weight_kg, meals_provided,
        food_rescued_kg, co2_emissions_kg, money_saved, donation_count)
      select date_trunc('week', day::timestamp)::date, company_id, department_id, destination_id, sum(weight_kg),
        sum(meals_provided), sum(food_rescued_kg), sum(co2_emissions_kg), sum(money_saved), sum(n)
      from d group by 1, 2, 3, 4 order by 2, 1, 3, 4
      on conflict (company_id, week, department_id, destination_id) do update set
        weight_kg = r.weight_kg + excluded.weight_kg, meals_provided = r.meals_provided + excluded.meals_provided,
        food_rescued_kg = r.food_rescued_kg + excluded.food_rescued_kg,
        co2_emissions_kg = r.co2_emissions_kg + excluded.co2_emissions_kg,
        money_saved = r.money_saved + excluded.money_saved, donation_count = r.donation_count + excluded.donation_count
    )
    insert into donation_monthly_company as r (month, company_id, department_id, destination_id, weight_kg,
      meals_provided, food_rescued_kg, co2_emissions_kg, money_saved, donation_count)
    select date_trunc('month', day::timestamp)::date, company_id, department_id, destination_id, sum(weight_kg),
      sum(meals_provided), sum(food_rescued_kg), sum(co2_emissions_kg), sum(money_saved), sum(n)
    from d group by 1, 2, 3, 4 order by 2, 1, 3, 4
    on conflict (company_id, month, department_id, destination_id) do update set
      weight_kg = r.weight_kg + excluded.weight_kg, meals_provided = r.meals_provided + excluded.meals_provided,
      food_rescued_kg = r.food_rescued_kg + excluded.food_rescued_kg,
      co2_emissions_kg = r.co2_emissions_kg + excluded.co2_emissions_kg,
      money_saved = r.money_saved + excluded.money_saved, donation_count = r.donation_count + excluded.donation_count
  $q$, src)
$$;

-- Subtracts the rows of a transition table from every rollup (UPDATEs only: those groups exist).
create function donation_rollups_subtract_sql(src text) returns text language sql immutable as $$
  select format($q$
    with s as materialized (
      select (entry_time at time zone 'America/Vancouver')::date as day, company_id, store_id, receiver_id,
        department_id, destination_id, weight_kg, meals_provided, food_rescued_kg, co2_emissions_kg, money_saved
      from %I
    ),
    m as (
      update donation_monthly r set weight_kg = r.weight_kg - x.weight_kg,
        meals_provided = r.meals_provided - x.meals_provided, food_rescued_kg = r.food_rescued_kg - x.food_rescued_kg,
        co2_emissions_kg = r.co2_emissions_kg - x.co2_emissions_kg, money_saved = r.money_saved - x.money_saved,
        donation_count = r.donation_count - x.n
      from (
        select date_trunc('month', day::timestamp)::date as month, company_id, store_id, receiver_id, department_id,
          destination_id, sum(weight_kg) as weight_kg, sum(meals_provided) as meals_provided,
          sum(food_rescued_kg) as food_rescued_kg, sum(co2_emissions_kg) as co2_emissions_kg,
          sum(money_saved) as money_saved, count(*) as n
        from s group by 1, 2, 3, 4, 5, 6
      ) x
      where r.month = x.month and r.company_id = x.company_id and r.store_id = x.store_id
        and r.receiver_id = x.receiver_id and r.department_id = x.department_id and r.destination_id = x.destination_id
    ),
    d as (
      select day, company_id, department_id, destination_id, sum(weight_kg) as weight_kg,
        sum(meals_provided) as meals_provided, sum(food_rescued_kg) as food_rescued_kg,
        sum(co2_emissions_kg) as co2_emissions_kg, sum(money_saved) as money_saved, count(*) as n
      from s group by 1, 2, 3, 4
    ),
    dd as (
      update donation_daily r set weight_kg = r.weight_kg - d.weight_kg,
        meals_provided = r.meals_provided - d.meals_provided, food_rescued_kg = r.food_rescued_kg - d.food_rescued_kg,
        co2_emissions_kg = r.co2_emissions_kg - d.co2_emissions_kg, money_saved = r.money_saved - d.money_saved,
        donation_count = r.donation_count - d.n
      from d
      where r.day = d.day and r.company_id = d.company_id and r.department_id = d.department_id
        and r.destination_id = d.destination_id
    ),
    w as (
      update donation_weekly r set weight_kg = r.weight_kg - x.weight_kg,
        meals_provided = r.meals_provided - x.meals_provided, food_rescued_kg = r.food_rescued_kg - x.food_rescued_kg,
        co2_emissions_kg = r.co2_emissions_kg - x.co2_emissions_kg, money_saved = r.money_saved - x.money_saved,
        donation_count = r.donation_count - x.n
      from (
        select date_trunc('week', day::timestamp)::date as week, company_id, department_id, destination_id,
          sum(weight_kg) as weight_kg, sum(meals_provided) as meals_provided, sum(food_rescued_kg) as food_rescued_kg,
          sum(co2_emissions_kg) as co2_emissions_kg, sum(money_saved) as money_saved, sum(n) as n
        from d group by 1, 2, 3, 4
      ) x
      where r.week = x.week and r.company_id = x.company_id and r.department_id = x.department_id
        and r.destination_id = x.destination_id
    )
    update donation_monthly_company r set weight_kg = r.weight_kg - x.weight_kg,
      meals_provided = r.meals_provided - x.meals_provided, food_rescued_kg = r.food_rescued_kg - x.food_rescued_kg,
      co2_emissions_kg = r.co2_emissions_kg - x.co2_emissions_kg, money_saved = r.money_saved - x.money_saved,
      donation_count = r.donation_count - x.n
    from (
      select date_trunc('month', day::timestamp)::date as month, company_id, department_id, destination_id,
        sum(weight_kg) as weight_kg, sum(meals_provided) as meals_provided, sum(food_rescued_kg) as food_rescued_kg,
        sum(co2_emissions_kg) as co2_emissions_kg, sum(money_saved) as money_saved, sum(n) as n
      from d group by 1, 2, 3, 4
    ) x
    where r.month = x.month and r.company_id = x.company_id and r.department_id = x.department_id
      and r.destination_id = x.destination_id
  $q$, src)
$$;

-- Removes the groups a subtraction emptied (a separate statement: it must see the subtraction).
create function donation_rollups_prune_sql(src text) returns text language sql immutable as $$
  select format($q$
    with s as materialized (
      select distinct (entry_time at time zone 'America/Vancouver')::date as day, company_id from %I
    ),
    m as (
      delete from donation_monthly r using (select distinct date_trunc('month', day::timestamp)::date as month,
        company_id from s) x
      where r.month = x.month and r.company_id = x.company_id and r.donation_count = 0
    ),
    dd as (
      delete from donation_daily r using s
      where r.day = s.day and r.company_id = s.company_id and r.donation_count = 0    ),
    w as (
      delete from donation_weekly r using (select distinct date_trunc('week', day::timestamp)::date as week,
        company_id from s) x
      where r.week = x.week and r.company_id = x.company_id and r.donation_count = 0
    )
    delete from donation_monthly_company r using (select distinct date_trunc('month', day::timestamp)::date as month,
      company_id from s) x
    where r.month = x.month and r.company_id = x.company_id and r.donation_count = 0
  $q$, src)
$$;

-- One function for the three statement-level triggers. A bulk load may defer the work for its own transaction
-- with `set local openrescue.defer_rollups = 'on'` and must then call refresh_rollups() (006) before it commits.
create function donation_rollups_trigger() returns trigger language plpgsql as $$
begin
  if current_setting('openrescue.defer_rollups', true) = 'on' then
    return null;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    execute donation_rollups_add_sql('new_rows');
  end if;
  if tg_op in ('DELETE', 'UPDATE') then
    execute donation_rollups_subtract_sql('old_rows');
    execute donation_rollups_prune_sql('old_rows');
  end if;
  return null;
end
$$;

create trigger donation_rollups_insert after insert on donation
  referencing new table as new_rows for each statement execute function donation_rollups_trigger();
create trigger donation_rollups_update after update on donation
  referencing old table as old_rows new table as new_rows
  for each statement execute function donation_rollups_trigger();
create trigger donation_rollups_delete after delete on donation
  referencing old table as old_rows for each statement execute function donation_rollups_trigger();

create function donation_rollups_truncate() returns trigger language plpgsql as $$
begin
  truncate donation_daily, donation_weekly, donation_monthly_company;
  -- donation_monthly may be truncated by the same statement (it is then in use): delete instead.
  delete from donation_monthly;
  return null;
end
$$;
create trigger donation_rollups_truncate after truncate on donation
  for each statement execute function donation_rollups_truncate();
