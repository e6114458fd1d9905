-- Network map regions (DESIGN "Regions", decision 0011). Approximate outlines of the four community map regions as
-- GeoJSON (longitude, latitude; drawn a little generously along the water), each region's help text, and secrets that
-- may be short (the demo data uses 'demo'): the network module compares them in constant time and answers a wrong
-- one like a missing page. Deployments keep the random secrets of 002 unless staff change them.

alter table region add column help_text text not null default '';
alter table region drop constraint region_secret_check;
alter table region add constraint region_secret_check check (length(secret) >= 4);

update region set
  polygon = '{"type":"Polygon","coordinates":[[[-123.232,49.272],[-123.212,49.293],[-123.170,49.286],[-123.150,49.302],[-123.135,49.318],[-123.112,49.304],[-123.080,49.300],[-123.040,49.302],[-123.012,49.300],[-123.012,49.190],[-123.060,49.188],[-123.130,49.187],[-123.195,49.198],[-123.232,49.225],[-123.232,49.272]]]}',
  help_text = 'Food businesses, charities and food recyclers in the City of Vancouver that rescue surplus food. Search by name, or use the filters to show the kinds of organizations you are looking for. Select a marker to see who it is.'
where code = 'cov';

update region set
  polygon = '{"type":"Polygon","coordinates":[[[-123.310,49.400],[-123.260,49.500],[-122.900,49.500],[-122.550,49.450],[-122.350,49.350],[-122.350,49.200],[-122.460,49.120],[-122.460,49.002],[-123.035,49.002],[-123.100,49.050],[-123.225,49.100],[-123.275,49.200],[-123.290,49.300],[-123.310,49.400]]]}',
  help_text = 'Food businesses, charities and food recyclers across Metro Vancouver that rescue surplus food. Search by name, or use the filters to show the kinds of organizations you are looking for. Select a marker to see who it is.'
where code = 'mv';

update region set
  polygon = '{"type":"Polygon","coordinates":[[[-122.460,49.002],[-121.400,49.002],[-120.950,49.100],[-120.950,49.500],[-121.250,49.800],[-121.700,49.950],[-122.200,49.850],[-122.550,49.450],[-122.350,49.350],[-122.350,49.200],[-122.460,49.120],[-122.460,49.002]]]}',
  help_text = 'Farms, food businesses, charities and food recyclers across the Fraser Valley that rescue surplus food. Search by name, or use the filters to show the kinds of organizations you are looking for. Select a marker to see who it is.'
where code = 'fvrd';

update region set
  polygon = '{"type":"Polygon","coordinates":[[[-119.650,50.100],[-119.400,50.050],[-118.900,50.080],[-118.400,50.100],[-118.100,50.300],[-118.200,50.600],[-118.700,50.750],[-119.200,50.720],[-119.550,50.600],[-119.700,50.350],[-119.650,50.100]]]}',
  help_text = 'Farms, food businesses, charities and food recyclers across the North Okanagan that rescue surplus food. Search by name, or use the filters to show the kinds of organizations you are looking for. Select a marker to see who it is.'
where code = 'rdno';

update region set
  help_text = 'Every organization of the food recovery network. Zoom in on a region, search by name, or use the filters to show the kinds of organizations you are looking for. Select a marker to see who it is.'
where code = 'all';
