// One CPU-burning process for `npm run test:soak`: spins on arithmetic so that a soak run meets a
// busy machine, as CI does beside other jobs. It makes no network call at all. It stops by itself
// at its deadline (argv[2], milliseconds from now) and as soon as its parent goes away, so a soak
// that is killed outright cannot leave it burning.
const deadline = Date.now() + Number(process.argv[2] ?? 60_000);
const parent = process.ppid;

function parentAlive() {
  try {
    process.kill(parent, 0);
    return true;
  } catch {
    return false;
  }
}

let sink = 0;
function burn() {
  if (Date.now() > deadline || !parentAlive()) process.exit(0);
  // Burn ~50 ms at a time, then yield so that SIGTERM is handled at once.
  const slice = Date.now() + 50;
  while (Date.now() < slice) sink = (sink * 31 + 7) % 1_000_003;
  setImmediate(burn);
}
burn();
