/** Query keys of the crypto feature. */
export const cryptoKeys = {
  all: ['crypto'] as const,
  coins: () => [...cryptoKeys.all, 'coins'] as const,
  trending: () => [...cryptoKeys.all, 'trending'] as const,
  walletAddresses: () => [...cryptoKeys.all, 'wallet-addresses'] as const,
  depositAddress: (coin: string, network: string) => [...cryptoKeys.all, 'deposit-address', coin, network] as const,
  /** Every deposit query, lists and details: what a `deposit` live event refreshes. */
  deposits: () => [...cryptoKeys.all, 'deposits'] as const,
  depositList: (coin: string, network: string) => [...cryptoKeys.deposits(), 'list', coin, network] as const,
  deposit: (id: string) => [...cryptoKeys.deposits(), 'detail', id] as const,
};
