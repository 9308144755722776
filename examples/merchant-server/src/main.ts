import { createMerchantServer } from './app';

/** `npm run start -w @groupsplit/example-merchant-server`: see this package's README for the variables. */
function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`Set ${name} (see examples/merchant-server/README.md)`);
    process.exit(1);
  }
  return value;
}

const shopUrl = process.env.SHOP_URL ?? 'http://127.0.0.1:4000';
const { app } = createMerchantServer({
  groupsplitUrl: process.env.GROUPSPLIT_URL ?? 'http://localhost:3000',
  apiKey: required('GROUPSPLIT_API_KEY'),
  webhookSecret: required('GROUPSPLIT_WEBHOOK_SECRET'),
  shopUrl,
  // The buyer returns to this shop: in test mode with allowed_domain `localhost` the API takes an
  // http://127.0.0.1 or http://localhost return_url (docs/hosted-checkout.md, "Local development").
  returnUrlBase: process.env.SHOP_RETURN_URL ?? shopUrl,
  // Accept before capture (README): orders wait for "Accept and capture" once everyone has authorised.
  acceptBeforeCapture: ['1', 'true'].includes(process.env.SHOP_ACCEPT_BEFORE_CAPTURE ?? ''),
});
const { hostname, port } = new URL(shopUrl);
app.listen(Number(port || 80), hostname, () => {
  console.log(`Example shop on ${shopUrl} (webhooks: ${shopUrl}/webhooks)`);
});
