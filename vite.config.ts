import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { partnerProxyPlugin } from './server/dev-plugin.ts';

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), tailwindcss(), partnerProxyPlugin()],
  build: {
    target: 'es2022',
    sourcemap: false,
  },
});
