/**
 * The sandbox chain's account keys and Solana recipient (docs/crypto-settlement.md, "The sandbox
 * chain"): the account extended public keys of the published BIP39 test mnemonic
 * `abandon abandon … abandon about`, so the addresses `npm start` hands out are the ones every
 * wallet and test vector shows for it. ANYONE CAN SPEND FROM THAT MNEMONIC: these keys are for the
 * sandbox only, and config.ts refuses the sandbox in production. Coins sent to these addresses on a
 * real chain are lost.
 */

/** m/84'/0'/0' (BIP84, mainnet zpub): index 0 is bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu. */
export const SANDBOX_XPUB_BITCOIN =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
/** m/84'/1'/0' (BIP84, testnet vpub) for CRYPTO_BITCOIN_NETWORK=testnet or regtest. */
export const SANDBOX_XPUB_BITCOIN_TEST =
  'vpub5Y6cjg78GGuNLsaPhmYsiw4gYX3HoQiRBiSwDaBXKUafCt9bNwWQiitDk5VZ5BVxYnQdwoTyXSs2JHRPAgjAvtbBrf8ZhDYe2jWAqvZVnsc';
/** m/44'/60'/0' (BSC uses Ethereum's path): index 0 is 0x9858EfFD232B4033E47d90003D41EC34EcaEda94. */
export const SANDBOX_XPUB_EVM =
  'xpub6DCoCpSuQZB2jawqnGMEPS63ePKWkwWPH4TU45Q7LPXWuNd8TMtVxRrgjtEshuqpK3mdhaWHPFsBngh5GFZaM6si3yZdUsT8ddYM3PwnATt';
/** m/44'/195'/0': index 0 is TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH. */
export const SANDBOX_XPUB_TRON =
  'xpub6D1AabNHCupeiLM65ZR9UStMhJ1vCpyV4XbZdyhMZBiJXALQtmn9p42VTQckoHVn8WNqS7dqnJokZHAHcHGoaQgmv8D45oNUKx6DZMNZBCd';
/** The test mnemonic's first Solana account (m/44'/501'/0'/0'), the company's recipient in the sandbox. */
export const SANDBOX_SOLANA_RECIPIENT = 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk';
