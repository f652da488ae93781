export interface UpstreamStats {
  upstream: string;
  served: number;
}

export interface LoadBalancer {
  port: number;
  url: string;
  /** Requests each upstream answered so far. */
  stats(): UpstreamStats[];
  close(): Promise<void>;
}

/** A round-robin HTTP balancer in front of `upstreams` (base URLs); see lb-proxy.mjs. */
export function startProxy(options: { port?: number; host?: string; upstreams: string[] }): Promise<LoadBalancer>;
