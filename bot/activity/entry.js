// The one thing the Activity page takes from the SDK: its client, as a global for activity.js.
import { DiscordSDK } from "@discord/embedded-app-sdk";

window.DiscordSDK = DiscordSDK;
