import type { App } from '../../app.ts';

export async function catalogueRoutes(app: App): Promise<void> {
  void app;
}
