-- Before drivers existed every tag was accepted. Locations that exist when this runs keep doing so until an
-- operator turns it off; locations created afterwards refuse tags no driver has (docs/charger-network.md).
INSERT INTO "driver_access_settings" ("location_id", "accept_unknown_tags")
SELECT "id", true FROM "locations"
ON CONFLICT ("location_id") DO NOTHING;
