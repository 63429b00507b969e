import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from '../components/ui/toaster';
import { AccountLanguage } from './account-language';
import { createQueryClient } from '../lib/query-client';

export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <AccountLanguage />
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
