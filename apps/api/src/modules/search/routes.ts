import type { App } from '../../app.ts';

export async function searchRoutes(app: App): Promise<void> {
  void app;
}
