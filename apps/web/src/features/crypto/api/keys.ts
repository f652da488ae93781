/** Query keys of the crypto feature. */
export const cryptoKeys = {
  all: ['crypto'] as const,
  coins: () => [...cryptoKeys.all, 'coins'] as const,
  trending: () => [...cryptoKeys.all, 'trending'] as const,
  walletAddresses: () => [...cryptoKeys.all, 'wallet-addresses'] as const,
  depositAddress: (coin: string, network: string) => [...cryptoKeys.all, 'deposit-address', coin, network] as const,
};
