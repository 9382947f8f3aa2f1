//! /settings (a server's defaults, Manage Server only) and /notify (a member's turn DMs).

use super::content::listed;
use super::{Content, Core, CoreError, Place, Reply, SettingsChange, Who};
use crate::family::GameRules;
use crate::store::{GuildSettings, LinkKind};
use crate::words;

impl Core {
    /// Show the server's settings, or change them (Manage Server).
    pub(super) async fn settings(
        &self,
        who: &Who,
        place: Place,
        change: SettingsChange,
    ) -> Result<Vec<Reply>, CoreError> {
        let guild = Core::channel(place)?.guild;
        let mut settings = self.store.guild_settings(guild).await?;
        if change.is_empty() {
            let mut text = describe(&settings);
            text.push(self.web_words(who, guild, &settings).await?);
            return Ok(vec![Reply::private(text)]);
        }
        if !who.manager {
            return Err(CoreError::NotManager);
        }
        if (change.web.is_some() || change.new_links) && !self.serves_pages() {
            return Err(CoreError::NoWebPages);
        }
        if let Some(web) = change.web {
            settings.web = web;
        }
        let rules = &mut settings.rules;
        if let Some(ruleset) = change.ruleset {
            rules.ruleset = ruleset;
        }
        let options = &mut rules.options;
        for (field, value) in [
            (&mut options.power, change.power),
            (&mut options.proposals, change.proposals),
            (&mut options.unofficial, change.unofficial),
            (&mut settings.threads, change.threads),
        ] {
            if let Some(value) = value {
                *field = value;
            }
        }
        if change.everywhere == Some(true) {
            settings.channels.clear();
        }
        if let Some(channel) = change.allow {
            if !settings.channels.contains(&channel) {
                settings.channels.push(channel);
            }
        }
        if let Some(channel) = change.disallow {
            settings.channels.retain(|&c| c != channel);
        }
        self.store.set_guild_settings(guild, &settings).await?;
        // Pages turned off close for good: turned on again, they get new links, so a link
        // shared while they were on never reopens by surprise.
        let renewed = change.new_links && settings.web;
        if change.new_links || change.web == Some(false) {
            self.store.revoke_links(guild).await?;
        }
        let mut text = words!["Saved. ", describe(&settings)];
        if renewed {
            text.push(
                " Every page of this server has a new link now; the old links no longer open.",
            );
        }
        text.push(self.web_words(who, guild, &settings).await?);
        Ok(vec![Reply::private(text)])
    }

    /// What /settings says of the web pages: nothing if the bot serves none; the server
    /// page's link only to a member who may change the settings (it opens every page).
    async fn web_words(
        &self,
        who: &Who,
        guild: u64,
        settings: &GuildSettings,
    ) -> Result<String, CoreError> {
        if !settings.web {
            return Ok(match self.serves_pages() {
                true => " Web pages: off (/settings web:true shows games, tournaments and leaderboards to anyone with their link).".to_string(),
                false => String::new(),
            });
        }
        if !who.manager {
            return Ok(match self.serves_pages() {
                true => " Web pages: on (games and tournaments get a Watch button).".to_string(),
                false => " Web pages: on, but this bot serves none now.".to_string(),
            });
        }
        let link = self
            .watch_button(LinkKind::Server, guild as i64, guild)
            .await?
            .and_then(|b| b.link);
        Ok(match link {
            Some(url) => format!(" Web pages: on; this server's page is {url} (games and tournaments get a Watch button). /settings web_links:new gives every page a new link and closes the old ones; web:false closes every page for good (turned on again, they get new links)."),
            None => " Web pages: on, but this bot serves none now.".to_string(),
        })
    }

    /// Turn the asker's turn DMs on or off, or say how they stand.
    pub(super) async fn notify(
        &self,
        who: &Who,
        on: Option<bool>,
    ) -> Result<Vec<Reply>, CoreError> {
        if let Some(on) = on {
            self.store.set_notify(who.id, on).await?;
        }
        let on = self.store.notify(who.id).await?;
        Ok(vec![Reply::private(if on {
            "You get a direct message when it is your turn (keep DMs from server members open). Stop with /notify on:false."
        } else {
            "You get no direct messages about your turns. Start them with /notify on:true."
        })])
    }
}

/// The settings in words.
fn describe(settings: &GuildSettings) -> Content {
    let channels = match settings.channels.is_empty() {
        true => words!["in every channel"],
        false => words!["only in ", listed(&settings.channels)],
    };
    words![
        format!(
            "New challenges default to {}. Games start ",
            GameRules::Csipgs(settings.rules.clone()).text()
        ),
        channels,
        format!(
            ", each {}.",
            if settings.threads {
                "in a thread of its own"
            } else {
                "in the channel where it was challenged (one at a time)"
            }
        ),
    ]
}
