import { loggablePath } from './loggable-path';

describe('loggablePath', () => {
  it('replaces credentials carried in the path and keeps ids', () => {
    expect(loggablePath('/api/checkout-splits/pay/Cqv-dyxfxDWTDggpBgfTgv0onpEnAlzA/authorise')).toBe(
      '/api/checkout-splits/pay/[redacted]/authorise',
    );
    expect(loggablePath('/api/merchants/team-invites/abcdefghijklmnopqrstuvwx/accept')).toBe(
      '/api/merchants/team-invites/[redacted]/accept',
    );
    const splitId = '59256768-844d-44e4-a504-052ee60caad7';
    expect(loggablePath(`/api/checkout-splits/${splitId}`)).toBe(`/api/checkout-splits/${splitId}`);
    expect(loggablePath('/v1/payment_intents/pi_3Nabcdefghijklmnop/capture')).toBe(
      '/v1/payment_intents/pi_3Nabcdefghijklmnop/capture',
    );
    expect(loggablePath('/api/merchants/me')).toBe('/api/merchants/me');
  });
});
