import { cardText } from '../templates/receipts';
import { cardBrandName, cardLabel, walletName } from './card-label';

describe('cardLabel: how a card reads on every surface', () => {
  it('a plain card: the brand and its last four', () => {
    expect(cardLabel({ brand: 'visa', last4: '4242', wallet: null })).toBe('Visa ••••4242');
    expect(cardLabel({ brand: 'amex', last4: '0005' })).toBe('American Express ••••0005');
    expect(cardLabel({ brand: 'unknown', last4: '1234' })).toBe('Card ••••1234');
    expect(cardLabel({ brand: 'cartes_bancaires', last4: '1001' })).toBe('Cartes_bancaires ••••1001');
  });

  it('a wallet card: the wallet, then the card behind it', () => {
    expect(cardLabel({ brand: 'visa', last4: '4242', wallet: 'apple_pay' })).toBe('Apple Pay (Visa ••••4242)');
    expect(cardLabel({ brand: 'mastercard', last4: '4444', wallet: 'google_pay' })).toBe(
      'Google Pay (Mastercard ••••4444)',
    );
    expect(cardLabel({ brand: 'visa', last4: '4242', wallet: 'masterpass' })).toBe('masterpass (Visa ••••4242)');
  });

  it('without the last four: null, and receipts say "your card"', () => {
    expect(cardLabel({ brand: 'visa', last4: null })).toBeNull();
    expect(cardText('visa', '', 'apple_pay')).toBe('your card');
    expect(cardText('visa', '4242', 'apple_pay')).toBe('Apple Pay (Visa ••••4242)');
    expect(cardText('visa', '4242')).toBe('Visa ••••4242');
  });

  it('names brands and wallets', () => {
    expect(cardBrandName('mastercard')).toBe('Mastercard');
    expect(walletName('google_pay')).toBe('Google Pay');
    expect(walletName(null)).toBeNull();
  });
});
