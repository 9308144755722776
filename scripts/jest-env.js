// Runs in every test worker: the environment the global setup prepared is already in process.env.
process.env.NODE_ENV = 'test';
