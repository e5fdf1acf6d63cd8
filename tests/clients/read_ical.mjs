// Read iCalendar files with ical.js and print what it sees, as JSON: {path: [{uid, summary, start, end, location, description}]}.
// Used by tests/test_formats_clients.py; the VTIMEZONEs a file defines are registered first, as calendar apps do.
import ICAL from "ical.js";
import { readFileSync } from "node:fs";

const result = {};
for (const path of process.argv.slice(2)) {
  const root = new ICAL.Component(ICAL.parse(readFileSync(path, "utf8")));
  for (const zone of root.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  result[path] = root.getAllSubcomponents("vevent").map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      location: event.location,
      description: event.description,
    };
  });
}
console.log(JSON.stringify(result));
