CREATE TABLE "news_aliases" (
	"facility_id" integer NOT NULL,
	"scope" text NOT NULL,
	"alias" text NOT NULL,
	"article_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_aliases_pkey" PRIMARY KEY("facility_id","scope","alias")
);
--> statement-breakpoint
CREATE TABLE "news_article_categories" (
	"facility_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "news_article_categories_pkey" PRIMARY KEY("facility_id","article_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "news_articles" (
	"id" serial NOT NULL,
	"facility_id" integer NOT NULL,
	"scope" text NOT NULL,
	"title" text NOT NULL,
	"alias" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"cover_url" text,
	"body_html" text DEFAULT '' NOT NULL,
	"body_text" text DEFAULT '' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"seo_title" text,
	"seo_description" text,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"publish_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_articles_pkey" PRIMARY KEY("id","facility_id")
);
--> statement-breakpoint
CREATE TABLE "news_categories" (
	"id" serial NOT NULL,
	"facility_id" integer NOT NULL,
	"scope" text NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_categories_pkey" PRIMARY KEY("id","facility_id")
);
--> statement-breakpoint
CREATE TABLE "news_revisions" (
	"id" serial NOT NULL,
	"facility_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_revisions_pkey" PRIMARY KEY("id","facility_id")
);
--> statement-breakpoint
ALTER TABLE "news_aliases" ADD CONSTRAINT "news_aliases_article_fk" FOREIGN KEY ("article_id","facility_id") REFERENCES "public"."news_articles"("id","facility_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_article_categories" ADD CONSTRAINT "news_article_categories_article_fk" FOREIGN KEY ("article_id","facility_id") REFERENCES "public"."news_articles"("id","facility_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_article_categories" ADD CONSTRAINT "news_article_categories_category_fk" FOREIGN KEY ("category_id","facility_id") REFERENCES "public"."news_categories"("id","facility_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_articles" ADD CONSTRAINT "news_articles_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_articles" ADD CONSTRAINT "news_articles_created_by_fk" FOREIGN KEY ("facility_id","created_by") REFERENCES "public"."accounts"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_articles" ADD CONSTRAINT "news_articles_updated_by_fk" FOREIGN KEY ("facility_id","updated_by") REFERENCES "public"."accounts"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_categories" ADD CONSTRAINT "news_categories_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_revisions" ADD CONSTRAINT "news_revisions_article_fk" FOREIGN KEY ("article_id","facility_id") REFERENCES "public"."news_articles"("id","facility_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_revisions" ADD CONSTRAINT "news_revisions_account_fk" FOREIGN KEY ("facility_id","account_id") REFERENCES "public"."accounts"("facility_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_aliases_article_idx" ON "news_aliases" USING btree ("facility_id","article_id");--> statement-breakpoint
CREATE INDEX "news_article_categories_category_idx" ON "news_article_categories" USING btree ("facility_id","category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "news_articles_alias_uq" ON "news_articles" USING btree ("facility_id","scope","alias");--> statement-breakpoint
CREATE INDEX "news_articles_public_idx" ON "news_articles" USING btree ("facility_id","scope","status","publish_at");--> statement-breakpoint
CREATE INDEX "news_articles_list_idx" ON "news_articles" USING btree ("facility_id","scope","id");--> statement-breakpoint
CREATE INDEX "news_articles_search_trgm" ON "news_articles" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "news_articles_due_idx" ON "news_articles" USING btree ("status","publish_at");--> statement-breakpoint
CREATE UNIQUE INDEX "news_categories_name_uq" ON "news_categories" USING btree ("facility_id","scope","name_key");--> statement-breakpoint
CREATE INDEX "news_revisions_article_idx" ON "news_revisions" USING btree ("facility_id","article_id","id");