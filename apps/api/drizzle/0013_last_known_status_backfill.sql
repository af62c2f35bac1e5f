-- Status you can trust: offline wins over what a charger last reported, which is kept in last_known_status.
-- Re-derives every charger as db/charger-status.ts does; a charger with no stored report (e.g. demo data
-- seeded with a status) keeps its old status as the last known one.
with reported as (
  select c.id, coalesce(case
    when exists (select 1 from connector_states s where s.charger_id = c.id and s.status = 'Faulted') then 'faulted'
    when exists (select 1 from charging_sessions t where t.charger_id = c.id and t.status = 'active')
      or exists (select 1 from connector_states s where s.charger_id = c.id and s.status in ('Charging', 'SuspendedEV', 'SuspendedEVSE')) then 'charging'
    when exists (select 1 from connector_states s where s.charger_id = c.id and s.connector_id = 0 and s.status = 'Unavailable') then 'maintenance'
    when exists (select 1 from connector_states s where s.charger_id = c.id) then 'available'
    end, case when c.status <> 'offline' then c.status end) as status
  from chargers c)
update chargers c set
  last_known_status = reported.status,
  status = case
    when c.availability = 'inoperative' then 'maintenance'
    when c.connected_node is null then 'offline'
    else coalesce(reported.status, 'available') end
from reported where c.id = reported.id;
