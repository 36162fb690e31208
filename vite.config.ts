// Vite build of the single-page app; workers are ES modules so they can import the shared core.
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  base: "./",
  plugins: [react()],
  worker: { format: "es" },
  build: {
    target: "es2022",
    chunkSizeWarningLimit: 4000,
  },
  server: { port: 5173, strictPort: false },
  preview: { port: 4173 },
});
