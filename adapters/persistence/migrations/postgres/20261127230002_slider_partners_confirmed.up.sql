-- A seminar's sign-ups filtered by confirmation (`confirmed=1`): the rows of one slider and
-- flag in partner order, with the quantity their total adds up, from the index alone.
CREATE INDEX slider_partners_confirmed ON slider_partners (slider_id, confirmed, partner_id, quantity);
