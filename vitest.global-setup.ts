// One line at the start of `npm test` saying which database engine this run uses, so a run
// on PGlite alone is never mistaken for a run on PostgreSQL too.
export default function announceEngine() {
  const url = process.env.TEST_DATABASE_URL;
  const line = url
    ? `Database engine for this run: PostgreSQL (${new URL(url).host}).`
    : 'Database engine for this run: embedded PGlite. PostgreSQL suite not run: set TEST_DATABASE_URL to run it.';
  process.stdout.write(`${line}\n`);
}
