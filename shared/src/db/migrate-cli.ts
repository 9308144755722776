import { loadConfig } from '../config';
import { runMigrations } from './migrate';

runMigrations(loadConfig().DATABASE_URL)
  .then((applied) => {
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date');
  })
  .catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
