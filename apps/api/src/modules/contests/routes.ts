import type { App } from '../../app.ts';

export async function contestsRoutes(app: App): Promise<void> {
  void app;
}
