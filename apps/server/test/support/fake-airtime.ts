import { startFakeBills, type FakeBillsServer } from './fake-bills';

/**
 * docs/product.md §7's airtime provider (POST buyairtime/request, and our POST buyairtime/requery). The
 * fake bill-payment server answers those paths too, keeping records by request id the same way,
 * so this is that server under the airtime provider's name and key.
 */
export type FakeAirtimeServer = FakeBillsServer;

export const startFakeAirtime = (): Promise<FakeAirtimeServer> => startFakeBills({ publicKey: 'pk_test_fake_airtime_4567' });
